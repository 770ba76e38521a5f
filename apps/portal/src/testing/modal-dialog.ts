import { beforeAll } from 'vitest';

/** jsdom has <dialog> but not its modal methods: the browser's behaviour, as far as component tests need it. */
export function withModalDialogs() {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });
}
