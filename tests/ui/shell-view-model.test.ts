import { describe, expect, it } from 'vitest';
import { EnsureSession } from '../../core/auth/ensure-session';
import type { TokenGateway } from '../../core/auth/ports';
import { ManualClock } from '../../core/shared/clock';
import { FakeTokenGateway } from '../../adapters/fake/fake-token-gateway';
import { LocalStorageTokenStore } from '../../adapters/storage/local-storage-token-store';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { ShellViewModel } from '../../ui/shell/shell-view-model';

const makeShell = (gateway: TokenGateway) => {
  const store = new LocalStorageTokenStore(new MemoryStorage());
  const session = new EnsureSession(gateway, store, new ManualClock(1_000_000), {
    next: () => 'guest-7',
  });
  return { shell: new ShellViewModel(session), store };
};

describe('ShellViewModel', () => {
  it('obtains a guest token on start and reports success', async () => {
    const { shell, store } = makeShell(new FakeTokenGateway());
    expect(shell.sessionStatus).toBe('idle');
    const started = shell.start();
    expect(shell.sessionStatus).toBe('loading');
    await started;
    expect(shell.sessionStatus).toBe('succeeded');
    expect(shell.anonymousId).toBe('guest-7');
    expect(store.load()?.anonymous).toBe(true);
  });

  it('reports a failure that a retry can clear', async () => {
    const fake = new FakeTokenGateway();
    let down = true;
    const flaky: TokenGateway = {
      fetchGuestToken: (r) =>
        down ? Promise.reject(new Error('offline')) : fake.fetchGuestToken(r),
      validate: (t) => fake.validate(t),
    };
    const { shell } = makeShell(flaky);
    await shell.start();
    expect(shell.sessionFailed).toBe(true);
    down = false;
    await shell.start();
    expect(shell.sessionStatus).toBe('succeeded');
  });
});
