/**
 * The public status page's answer (GET /status.json, the client's `/status`): each part of the
 * portal as up, degraded or down, and the maintenance window when one is scheduled. It carries no
 * metric values, host names or errors: anyone may read it.
 */
export const COMPONENT_STATES = ['up', 'degraded', 'down'] as const;
export type ComponentState = (typeof COMPONENT_STATES)[number];

/** The parts a user notices, in the order the page lists them. */
export const STATUS_COMPONENTS = ['api', 'database', 'mail', 'webhooks', 'realtime'] as const;
export type StatusComponent = (typeof STATUS_COMPONENTS)[number];

export type StatusMaintenance = { mode: 'soon' } | { mode: 'scheduled'; startsAt: string };

export interface StatusReport {
  /** `up` when every part is; `degraded` when any is not (the page answered, so the portal is not down). */
  status: ComponentState;
  components: { id: StatusComponent; status: ComponentState }[];
  maintenance: StatusMaintenance | null;
  /** When the server looked (ISO 8601). */
  checkedAt: string;
}

/** The whole portal's state from its parts' states. */
export const overallState = (states: readonly ComponentState[]): ComponentState => (states.every((state) => state === 'up') ? 'up' : 'degraded');
