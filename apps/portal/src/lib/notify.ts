import { wantToasts } from './toasts-wanted.ts';

/**
 * react-toastify, loaded with the first toast rather than with every screen that may show one: the tracker's
 * first screen shows none, and downloads and runs it no more.
 */
let toastify: Promise<typeof import('react-toastify/unstyled')> | undefined;

function show(kind: 'success' | 'error' | 'info', message: string): void {
  // A toast is coming: the shell mounts the container (./toasts-wanted.ts). Toasts keep their order.
  wantToasts();
  toastify ??= import('react-toastify/unstyled');
  void toastify.then(({ toast }) => {
    if (kind === 'info') toast(message);
    else toast[kind](message);
  });
}

/**
 * The app's toasts (spec §2, §8, §9), shown by `<Toaster />` (components/ui/toaster.tsx), which the shell
 * mounts once the first toast is sent. Success is green, error red, anything else a neutral notice; each
 * stays 4 s.
 */
export const notify = {
  success(message: string): void {
    show('success', message);
  },
  error(message: string): void {
    show('error', message);
  },
  /** spec §2 "other types are neutral info": the default (white) toast, not the blue info one. */
  info(message: string): void {
    show('info', message);
  },
};
