import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cluster } from '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: any;
}

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
};

const dir = import.meta.dirname;
const manifests: Manifest[] = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) => parseAllDocuments(readFileSync(join(dir, f), 'utf8')).map((d) => d.toJS() as Manifest))
  .filter(Boolean);
const ofKind = (kind: string) => manifests.filter((m) => m.kind === kind);

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
    const cluster = ofKind('Cluster')[0];
    const secret = ofKind('Secret')[0];
    expect(secret.metadata.name).toBe('oppslag-secrets');
    expect((secret as any).stringData.DATABASE_URL).toContain(`${cluster.metadata.name}-rw`);
    expect(ofKind('Job')[0].spec.template.spec.containers[0].image).toContain('migrate');
  });
});

describe('docker-compose.yml', () => {
  it('is accepted by docker compose config', () => {
    const out = execFileSync('docker-compose', ['-f', join(dir, '..', 'docker-compose.yml'), 'config'], {
      encoding: 'utf8',
    });
    for (const service of ['postgres', 'redis', 'migrate', 'api', 'worker', 'realtime', 'web', 'mailpit']) {
      expect(out).toMatch(new RegExp(`^  ${service}:`, 'm'));
    }
    expect(out).toContain('noeviction');
    expect(out).toContain('service_completed_successfully');
  });
});
