/**
 * deploy/kubernetes (issue 25), checked without a cluster: every manifest of the base and of the
 * production overlay (built here like `kustomize build`: namespace, images, the Secret generator,
 * strategic-merge and JSON 6902 patches) validates against the Kubernetes API schemas of
 * kubernetes-models, and the objects fit together (selectors, ports, probes, the migration Job).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import * as yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const baseDir = join(root, 'deploy/kubernetes/base');
const overlayDir = join(root, 'deploy/kubernetes/overlays/production');

type Json = Record<string, unknown>;
interface Manifest extends Json {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
}
interface Kustomization {
  resources: string[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string }[];
  secretGenerator?: { name: string; behavior?: string; envs: string[] }[];
  patches?: { path: string; target?: { kind: string; name: string } }[];
  labels?: { pairs: Record<string, string> }[];
}

const load = (file: string) => yaml.load(readFileSync(file, 'utf8'));
const kustomization = (dir: string) => load(join(dir, 'kustomization.yaml')) as Kustomization;

/** The API groups the manifests use, by apiVersion. */
const groups: Record<string, unknown> = { v1: core, 'apps/v1': apps, 'batch/v1': batch, 'policy/v1': policy, 'autoscaling/v2': autoscaling, 'networking.k8s.io/v1': networking };

/** The model class of kubernetes-models for an apiVersion and kind, e.g. apps/v1 Deployment. */
async function validate(manifest: Manifest): Promise<void> {
  const module = groups[manifest.apiVersion] as Record<string, (new (data: unknown) => { validate(): void }) | undefined> | undefined;
  const Model = module?.[manifest.kind];
  if (!Model) throw new Error(`no schema for ${manifest.apiVersion} ${manifest.kind}`);
  new Model(manifest).validate();
}

/** Strategic merge as kustomize does for these kinds: maps merge, lists of named items merge by name. */
function merge(target: unknown, patch: unknown): unknown {
  if (Array.isArray(target) && Array.isArray(patch) && patch.every((item) => item && typeof item === 'object' && 'name' in item)) {
    const result = [...target] as Json[];
    for (const item of patch as Json[]) {
      const index = result.findIndex((each) => each.name === item.name);
      if (index >= 0) result[index] = merge(result[index], item) as Json;
      else result.push(item);
    }
    return result;
  }
  if (target && patch && typeof target === 'object' && typeof patch === 'object' && !Array.isArray(patch)) {
    const result: Json = { ...(target as Json) };
    for (const [key, value] of Object.entries(patch as Json)) result[key] = key in result ? merge(result[key], value) : value;
    return result;
  }
  return patch;
}

function jsonPatch(target: Manifest, operations: { op: string; path: string; value: unknown }[]): void {
  for (const { op, path, value } of operations) {
    expect(op).toBe('replace');
    const keys = path.split('/').slice(1);
    let node = target as unknown as Json;
    for (const key of keys.slice(0, -1)) {
      expect(node[key], `${path} exists`).toBeDefined();
      node = node[key] as Json;
    }
    expect(node[keys.at(-1)!], `${path} exists`).toBeDefined();
    node[keys.at(-1)!] = value;
  }
}

function readEnv(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** `kustomize build` of a folder, as far as these manifests use it. */
function build(dir: string): Manifest[] {
  const config = kustomization(dir);
  const objects: Manifest[] = [];
  for (const resource of config.resources) {
    const path = join(dir, resource);
    if (existsSync(join(path, 'kustomization.yaml'))) objects.push(...build(path));
    else objects.push(...(yaml.loadAll(readFileSync(path, 'utf8')) as Manifest[]));
  }
  const find = (kind: string, name: string) => {
    const found = objects.find((each) => each.kind === kind && each.metadata.name === name);
    expect(found, `${kind}/${name} in the build`).toBeDefined();
    return found!;
  };
  for (const { pairs } of config.labels ?? []) for (const object of objects) object.metadata.labels = { ...object.metadata.labels, ...pairs };
  for (const generator of config.secretGenerator ?? []) {
    expect(generator.behavior).toBe('replace');
    const secret = find('Secret', generator.name);
    // The real secrets.env is never committed; its example has the same keys.
    const values = Object.assign({}, ...generator.envs.map((env) => readEnv(join(dir, `${env}.example`)))) as Record<string, string>;
    expect(Object.keys(values).sort()).toEqual(Object.keys(secret.stringData as Json).sort());
    delete secret.stringData;
    secret.data = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Buffer.from(value).toString('base64')]));
  }
  for (const patch of config.patches ?? []) {
    const content = load(join(dir, patch.path));
    if (patch.target) jsonPatch(find(patch.target.kind, patch.target.name), content as { op: string; path: string; value: unknown }[]);
    else {
      const { kind, metadata } = content as Manifest;
      const target = find(kind, metadata.name);
      Object.assign(target, merge(target, content));
    }
  }
  for (const object of objects) if (config.namespace) object.metadata.namespace = config.namespace;
  for (const image of config.images ?? []) {
    for (const object of objects) {
      const spec = (object.kind === 'Job' ? (object.spec as Json).template : (object.spec as Json | undefined)?.template) as { spec: { containers: Json[] } } | undefined;
      for (const container of spec?.spec.containers ?? []) {
        const [name] = String(container.image).split(':');
        if (name === image.name) container.image = `${image.newName ?? name}:${image.newTag ?? 'latest'}`;
      }
    }
  }
  return objects;
}

type PodTemplate = { metadata: { labels: Record<string, string> }; spec: { containers: Json[]; terminationGracePeriodSeconds?: number } };
const of = (objects: Manifest[], kind: string) => objects.filter((each) => each.kind === kind);
const one = (objects: Manifest[], kind: string) => {
  const found = of(objects, kind);
  expect(found, kind).toHaveLength(1);
  return found[0] as Manifest & { spec: Json; data?: Record<string, string> };
};
const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([key, value]) => labels[key] === value);

describe.each([
  ['base', baseDir],
  ['production overlay', overlayDir],
])('deploy/kubernetes %s', (_name, dir) => {
  const objects = build(dir);

  it('validates every object against the Kubernetes API schemas', async () => {
    expect(objects.map((each) => each.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'HorizontalPodAutoscaler', 'Ingress', 'Job', 'NetworkPolicy', 'PodDisruptionBudget', 'Secret', 'Service']);
    for (const object of objects) await expect(validate(object), `${object.kind}/${object.metadata.name}`).resolves.toBeUndefined();
  });

  it('fits together: two or more replicas with probes on the health routes, PDB, HPA, Service, Ingress without stickiness, NetworkPolicy, the migration Job', () => {
    const deployment = one(objects, 'Deployment');
    const template = deployment.spec.template as PodTemplate;
    const labels = template.metadata.labels;
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(matches((deployment.spec.selector as { matchLabels: Record<string, string> }).matchLabels, labels)).toBe(true);
    const [container] = template.spec.containers as { image: string; ports: { name: string; containerPort: number }[]; readinessProbe: { httpGet: { path: string } }; livenessProbe: { httpGet: { path: string } }; resources: { requests: Json; limits: Json } }[];
    expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
    expect(container.livenessProbe.httpGet.path).toBe('/health/live');
    expect(container.resources.requests.cpu).toBeDefined();
    expect(container.resources.limits.memory).toBeDefined();

    const config = one(objects, 'ConfigMap');
    expect(container.ports.find((port) => port.name === 'metrics')?.containerPort).toBe(Number(config.data!.METRICS_PORT));
    expect(container.ports.find((port) => port.name === 'http')?.containerPort).toBe(Number(config.data!.PORT));
    // The pod's grace outlasts the drain delay plus the graceful stop.
    expect(template.spec.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(Number(config.data!.DRAIN_DELAY_MS) + Number(config.data!.SHUTDOWN_TIMEOUT_MS));

    const pdb = one(objects, 'PodDisruptionBudget');
    expect(matches((pdb.spec.selector as { matchLabels: Record<string, string> }).matchLabels, labels)).toBe(true);
    const hpa = one(objects, 'HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);

    const service = one(objects, 'Service');
    expect(matches(service.spec.selector as Record<string, string>, labels)).toBe(true);
    expect(service.spec.sessionAffinity).toBe('None');
    const ingress = one(objects, 'Ingress');
    const backend = ((ingress.spec.rules as { http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] } }[])[0].http.paths[0]).backend.service;
    expect(backend.name).toBe(service.metadata.name);
    expect((service.spec.ports as { name: string }[]).map((port) => port.name)).toContain(backend.port.name);
    expect(Object.keys(ingress.metadata.annotations ?? {}).filter((key) => /affinity|sticky/.test(key))).toEqual([]);

    const policy = one(objects, 'NetworkPolicy');
    expect(matches((policy.spec.podSelector as { matchLabels: Record<string, string> }).matchLabels, labels)).toBe(true);
    expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);

    const job = one(objects, 'Job');
    const [migrate] = ((job.spec.template as PodTemplate).spec.containers as { image: string; command: string[]; envFrom: Json[] }[]);
    expect(migrate.command).toEqual(['node', 'dist/server/migrate.js']);
    expect(migrate.image).toBe(container.image);
    expect(migrate.envFrom).toEqual((container as unknown as { envFrom: Json[] }).envFrom);
    // The image runs what the Job and the Deployment name.
    expect(readFileSync(join(root, 'Dockerfile'), 'utf8')).toContain('dist/server');
    if (dir === overlayDir) expect(objects.every((each) => each.metadata.namespace === 'portal')).toBe(true);
  });
});

describe('the schema check', () => {
  it('refuses a manifest with a wrong type, so it can fail', async () => {
    const [deployment] = build(baseDir).filter((each) => each.kind === 'Deployment');
    await expect(validate({ ...deployment, spec: { ...(deployment.spec as Json), replicas: 'two' } })).rejects.toThrow(/replicas must be integer/);
    expect(dirname(overlayDir)).toContain('overlays');
  });
});

/**
 * The real kustomize (issue 35): `kubectl kustomize` renders the production overlay (on a copy, with
 * secrets.env from its example) into the same objects as the build above, each valid. Runs where a
 * kubectl with kustomize v4+ is installed (this machine: v1.32, kustomize v5.5); Debian's
 * kubernetes-client (1.20, kustomize v2) knows neither `labels` nor `patches`, so CI cannot install one.
 */
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8', timeout: 60_000 });
const kustomizeVersion = /Kustomize Version: v(\d+)/.exec(kubectl.stdout ?? '')?.[1];
describe.runIf(Number(kustomizeVersion) >= 4)('the production overlay rendered by kubectl kustomize', () => {
  // kubectl is a process of its own: on a loaded machine it takes longer than the unit project's 20 s.
  it('gives the objects of the build above, each valid for its API', { timeout: 120_000 }, async () => {
    const copy = mkdtempSync(join(tmpdir(), 'kustomize-'));
    try {
      cpSync(join(root, 'deploy/kubernetes'), copy, { recursive: true });
      const overlay = join(copy, 'overlays/production');
      for (const generator of kustomization(overlayDir).secretGenerator ?? []) for (const env of generator.envs) copyFileSync(join(overlay, `${env}.example`), join(overlay, env));
      const rendered = yaml.loadAll(execFileSync('kubectl', ['kustomize', overlay], { encoding: 'utf8', timeout: 100_000 })) as Manifest[];
      const names = (objects: Manifest[]) => objects.map((object) => `${object.kind}/${object.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`).sort();
      expect(names(rendered)).toEqual(names(build(overlayDir)));
      for (const object of rendered) {
        // kustomize folds long base64 values over lines (kubectl reads them whole); the schema wants them in one piece.
        if (object.kind === 'Secret') object.data = Object.fromEntries(Object.entries((object.data ?? {}) as Record<string, string>).map(([key, value]) => [key, value.replace(/\s/g, '')]));
        await validate(object);
        expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe(kustomization(overlayDir).namespace);
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
