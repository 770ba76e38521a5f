// Placeholder until the account area lands (owned by the account work): replaced wholesale.
export function AccountRoute() {
  return null;
}
