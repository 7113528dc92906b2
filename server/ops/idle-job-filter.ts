import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-node';

/**
 * Background jobs poll every second or so; a trace per empty poll would drown the real ones.
 * Spans of a job step's trace wait here until the step's root span ends, and go on to the
 * exporter only when the step did work. Every other span passes straight through.
 */
export class IdleJobFilter implements SpanProcessor {
  private readonly held = new Map<string, ReadableSpan[]>();

  constructor(
    private readonly next: SpanProcessor,
    private readonly jobAttribute: string,
    private readonly workedAttribute: string,
  ) {}

  onStart(span: Span, parentContext: Context): void {
    if (span.attributes[this.jobAttribute] !== undefined) this.held.set(span.spanContext().traceId, []);
    this.next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    const traceId = span.spanContext().traceId;
    const held = this.held.get(traceId);
    if (!held) return this.next.onEnd(span);
    held.push(span);
    if (span.attributes[this.jobAttribute] === undefined) return;
    // The step's own span ended: the whole trace goes, or none of it.
    this.held.delete(traceId);
    if (span.attributes[this.workedAttribute] === true) for (const each of held) this.next.onEnd(each);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    this.held.clear();
    return this.next.shutdown();
  }
}
