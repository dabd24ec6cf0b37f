import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster, ScheduledBackup } from '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1';
import { ConfigError, loadConfig } from '@oppslag/api/core';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: any;
  /** ConfigMap values, and a Secret's as written (`stringData`). */
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

interface Container {
  image: string;
  envFrom?: { secretRef?: { name: string }; configMapRef?: { name: string } }[];
}
/** Every container of every manifest's pod template (Deployments and Jobs), with its manifest. */
const containersOf = (m: Manifest): Container[] => m.spec?.template?.spec?.containers ?? [];

/** Validating constructors from the Kubernetes (and CloudNativePG) JSON schemas, by apiVersion/kind. */
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'postgresql.cnpg.io/v1/Cluster': Cluster,
  'postgresql.cnpg.io/v1/ScheduledBackup': ScheduledBackup,
};

const dir = import.meta.dirname;
const load = (file: string): Manifest[] =>
  parseAllDocuments(readFileSync(join(dir, file), 'utf8'))
    .map((d) => d.toJS() as Manifest)
    .filter(Boolean);
const manifests: Manifest[] = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap(load);
const ofKind = (kind: string) => manifests.filter((m) => m.kind === kind);
const named = (kind: string, name: string) => {
  const found = ofKind(kind).find((m) => m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};

/** The release's version: its one place is the root package.json. */
const version: string = JSON.parse(readFileSync(join(dir, '..', 'package.json'), 'utf8')).version;
/** Every container image of every manifest (pod templates of Deployments and Jobs). */
const images = manifests.flatMap((m) => containersOf(m).map((c) => [m.metadata.name, c.image]));
const compose = parse(readFileSync(join(dir, '..', 'docker-compose.yml'), 'utf8'), { merge: true });

describe('k8s manifests', () => {
  it('every document validates against its Kubernetes schema', () => {
    expect(manifests.length).toBeGreaterThan(15);
    for (const m of manifests) {
      const Model = MODELS[`${m.apiVersion}/${m.kind}`];
      expect(Model, `no schema for ${m.apiVersion} ${m.kind}`).toBeDefined();
      expect(() => new Model(m).validate(), `${m.kind}/${m.metadata.name}`).not.toThrow();
    }
  });

  it('runs api, worker, realtime and web with probes, resources, an HPA and a PDB each', () => {
    const names = ofKind('Deployment')
      .map((d) => d.metadata.name)
      .sort();
    expect(names).toEqual(['oppslag-api', 'oppslag-realtime', 'oppslag-web', 'oppslag-worker']);
    for (const d of ofKind('Deployment')) {
      const c = d.spec.template.spec.containers[0];
      expect(c.readinessProbe?.httpGet?.path, d.metadata.name).toBeTruthy();
      expect(c.livenessProbe?.httpGet?.path, d.metadata.name).toBe('/healthz');
      expect(c.resources.requests.cpu && c.resources.limits.memory, d.metadata.name).toBeTruthy();
      const labels = d.spec.template.metadata.labels;
      expect(d.spec.selector.matchLabels).toEqual(labels);
      expect(
        ofKind('HorizontalPodAutoscaler').some((h) => h.spec.scaleTargetRef.name === d.metadata.name),
      ).toBe(true);
      expect(
        ofKind('PodDisruptionBudget').some(
          (p) => JSON.stringify(p.spec.selector.matchLabels) === JSON.stringify(labels),
        ),
      ).toBe(true);
    }
  });

  it('routes the ingress to services that select real pods, WebSockets included', () => {
    const ingress = ofKind('Ingress')[0];
    const backends = ingress.spec.rules[0].http.paths.map((p: any) => [p.path, p.backend.service.name]);
    expect(backends).toEqual([
      ['/socket.io', 'realtime'],
      ['/api', 'api'],
      ['/', 'web'],
    ]);
    for (const [, svcName] of backends) {
      const svc = ofKind('Service').find((s) => s.metadata.name === svcName);
      expect(svc, svcName).toBeDefined();
      const selected = ofKind('Deployment').find(
        (d) => JSON.stringify(d.spec.template.metadata.labels) === JSON.stringify(svc!.spec.selector),
      );
      expect(selected, `service ${svcName} selects no deployment`).toBeDefined();
    }
    expect(
      Number(
        (ingress.metadata as any) &&
          (ingress as any).metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'],
      ),
    ).toBeGreaterThanOrEqual(3600);
  });

  it('references PostgreSQL through the CloudNativePG cluster and runs migrations as a Job', () => {
    const cluster = named('Cluster', 'oppslag-db');
    const secret = ofKind('Secret')[0];
    expect(secret.metadata.name).toBe('oppslag-secrets');
    expect((secret as any).stringData.DATABASE_URL).toContain(`${cluster.metadata.name}-rw`);
    expect(ofKind('Job')[0].spec.template.spec.containers[0].image).toContain('migrate');
  });

  it('tags every image of our own with the package.json version, never :latest', () => {
    expect(images.length).toBe(5);
    for (const [name, image] of images) {
      expect(image, name).not.toMatch(/:latest$|^[^:]+$/);
      expect(image, name).toMatch(
        new RegExp(`^ghcr\\.io/oppslag/oppslag-[a-z]+:${version.replaceAll('.', '\\.')}$`),
      );
    }
  });

  it('names the migrate Job after the release, so a new release applies a new Job', () => {
    const jobs = ofKind('Job');
    expect(jobs.map((j) => j.metadata.name)).toEqual([`oppslag-migrate-${version.replaceAll('.', '-')}`]);
    expect(jobs[0].spec.template.spec.containers[0].image).toBe(`ghcr.io/oppslag/oppslag-migrate:${version}`);
  });

  it('takes scheduled base backups of the cluster to its archive, and the restore recipe reads that archive', () => {
    const cluster = named('Cluster', 'oppslag-db');
    const store = cluster.spec.backup.barmanObjectStore;
    expect(store.destinationPath).toMatch(/^s3:\/\//);
    const scheduled = ofKind('ScheduledBackup');
    expect(scheduled.map((b) => b.spec.cluster.name)).toEqual([cluster.metadata.name]);
    expect(scheduled[0].spec.method).toBe('barmanObjectStore');
    // CloudNativePG's schedule has six fields (seconds first); five would mean something else.
    expect(scheduled[0].spec.schedule.split(' ')).toHaveLength(6);

    const restored = load('postgres-restore.example.yaml')[0];
    expect(restored.metadata.name).not.toBe(cluster.metadata.name);
    const source = restored.spec.externalClusters.find(
      (c: { name: string }) => c.name === restored.spec.bootstrap.recovery.source,
    );
    expect(source.barmanObjectStore.destinationPath).toBe(store.destinationPath);
    expect(source.barmanObjectStore.serverName).toBe(cluster.metadata.name);
    expect(restored.spec.bootstrap.recovery.database).toBe(cluster.spec.bootstrap.initdb.database);
    // The restored cluster must not archive into the store it restores from.
    expect(restored.spec.backup?.barmanObjectStore?.destinationPath).not.toBe(store.destinationPath);
  });

  it('the Secret example is what config.yaml names, with placeholders production refuses to start with', () => {
    expect(readFileSync(join(dir, 'config.yaml'), 'utf8')).toContain('secret.example.yaml');
    const [secret] = load('secret.example.yaml');
    expect(secret.kind).toBe('Secret');
    const refs = manifests.flatMap((m) =>
      containersOf(m).flatMap((c) => (c.envFrom ?? []).flatMap((e) => e.secretRef?.name ?? [])),
    );
    expect(new Set(refs)).toEqual(new Set([secret.metadata.name]));
    const config = named('ConfigMap', 'oppslag-config');
    const dataDir = mkdtempSync(join(tmpdir(), 'oppslag-k8s-'));
    try {
      const env = { ...config.data, ...secret.stringData, DATA_DIR: dataDir };
      let refused: unknown;
      try {
        loadConfig(env);
      } catch (err) {
        refused = err;
      }
      expect(refused).toBeInstanceOf(ConfigError);
      expect((refused as ConfigError).problems.some((p) => p.startsWith('JWT_SECRET'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * The compose file, parsed with its merge keys resolved (what `docker compose config` would print),
 * checked for what compose itself would refuse (dependencies and volumes that do not exist, a
 * service with neither image nor build) and for the start order and settings the product relies on.
 */
describe('docker-compose.yml', () => {
  const services: Record<string, any> = compose.services;

  it('declares every service, and every dependency and named volume it refers to', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api', 'mailpit', 'migrate', 'postgres', 'realtime', 'redis', 'web', 'worker'].sort(),
    );
    for (const [name, service] of Object.entries(services)) {
      expect(service.image ?? service.build, name).toBeTruthy();
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        expect(services[dependency], `${name} depends on ${dependency}`).toBeDefined();
      }
      for (const volume of service.volumes ?? []) {
        const source = String(volume).split(':')[0];
        if (!source.startsWith('.') && !source.startsWith('/')) {
          expect(compose.volumes, `${name} mounts ${source}`).toHaveProperty(source);
        }
      }
    }
  });

  it('starts the servers after the migration completed, on a Redis that never evicts', () => {
    for (const name of ['api', 'worker', 'realtime']) {
      expect(services[name].depends_on.migrate, name).toEqual({
        condition: 'service_completed_successfully',
      });
      expect(services[name].depends_on.postgres, name).toEqual({ condition: 'service_healthy' });
      expect(services[name].build.target, name).toBe(name);
      expect(services[name].environment.DATABASE_URL, name).toContain('@postgres:5432/');
    }
    expect(services.redis.command.join(' ')).toContain('--maxmemory-policy noeviction');
    expect(services.redis.command.join(' ')).toContain('--appendonly yes');
  });

  it('tags the images it builds with the package.json version', () => {
    const built = Object.entries(services).filter(([, s]) => s.build);
    expect(built.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'realtime', 'web', 'worker']);
    for (const [name, service] of built) {
      expect(service.image, name).toBe(`ghcr.io/oppslag/oppslag-${name}:${version}`);
    }
  });
});
