import { toast } from 'react-toastify/unstyled';
import { wantToasts } from './toasts-wanted.ts';

// Loading this module means a toast is coming: the shell mounts the container (./toasts-wanted.ts).
wantToasts();

/**
 * The app's toasts (spec §2, §8, §9), shown by `<Toaster />` (components/ui/toaster.tsx), which the shell
 * mounts once this module has loaded. Success is green, error red, anything else a neutral notice; each stays 4 s.
 */
export const notify = {
  success(message: string): void {
    toast.success(message);
  },
  error(message: string): void {
    toast.error(message);
  },
  /** spec §2 "other types are neutral info": the default (white) toast, not the blue info one. */
  info(message: string): void {
    toast(message);
  },
};
