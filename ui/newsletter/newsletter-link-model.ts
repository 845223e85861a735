/**
 * The newsletter page following an e-mail's link (docs/api.md "Newsletter"): `?confirm=` confirms
 * at once (the shopper already chose by opening it), `?unsubscribe=` asks for one click first, so
 * a mail scanner that opens links unsubscribes nobody.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { TokenAnswer } from '../../core/newsletter/ports';

export type LinkKind = 'confirm' | 'unsubscribe';
export type LinkStatus = 'ready' | 'working' | 'done' | 'invalid' | 'failed';

export class NewsletterLinkModel {
  status: LinkStatus = 'ready';
  email = '';

  constructor(
    readonly kind: LinkKind,
    private readonly token: string,
    private readonly follow: (kind: LinkKind, token: string) => Promise<TokenAnswer>,
    private readonly onDone: (kind: LinkKind) => void = () => undefined,
  ) {
    makeAutoObservable<this, 'token' | 'follow' | 'onDone'>(this, {
      token: false,
      follow: false,
      onDone: false,
    });
  }

  async run(): Promise<void> {
    if (this.status === 'working' || this.status === 'done') return;
    this.status = 'working';
    try {
      const answer = await this.follow(this.kind, this.token);
      runInAction(() => {
        if (answer.kind === 'done') {
          this.status = 'done';
          this.email = answer.email;
        } else this.status = 'invalid';
      });
      if (answer.kind === 'done') this.onDone(this.kind);
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }
}
