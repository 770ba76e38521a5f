// Placeholder until the sign-in page lands (owned by the sign-in work): replaced wholesale.
export function SignInRoute() {
  return null;
}
export function ResetPasswordRoute() {
  return null;
}
export function UnlockRoute() {
  return null;
}
