/** Spec §9: a session idle for the timeout (default 172800 s, two days) has expired. */
import { SECOND } from '../shared/clock';

export const IDLE_TIMEOUT_DEFAULT_SECONDS = 172_800;

/** Idle once `timeoutSeconds` have passed since the last activity (epoch ms). */
export const isIdle = (
  lastActivity: number,
  now: number,
  timeoutSeconds: number = IDLE_TIMEOUT_DEFAULT_SECONDS,
): boolean => now - lastActivity >= timeoutSeconds * SECOND;
