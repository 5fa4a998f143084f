/** Where a process is in its life, as a load balancer needs to know it (docs/deployment.md). */
export type ReadinessState = 'starting' | 'ready' | 'draining';

/** A dependency the process cannot serve without (the database, Redis): true when it answers. */
export type ReadinessCheck = { name: string; check(): Promise<boolean> | boolean };

export type Readiness = {
  readonly state: ReadinessState;
  /** main.ts, once the process listens and its job queue runs. */
  markReady(): void;
  /** On SIGTERM (and on app.close()): /readyz answers 503 from here on, for good. */
  markDraining(): void;
  addCheck(check: ReadinessCheck): void;
  checks(): readonly ReadinessCheck[];
};

export function createReadiness(): Readiness {
  let state: ReadinessState = 'starting';
  const checks: ReadinessCheck[] = [];
  return {
    get state() {
      return state;
    },
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    markDraining() {
      state = 'draining';
    },
    addCheck(check) {
      checks.push(check);
    },
    checks: () => checks,
  };
}
