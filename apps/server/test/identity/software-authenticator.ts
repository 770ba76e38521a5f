import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for tests (ES256, attestation "none"): it answers registration options
 * with an attestation and a challenge with an assertion, as a browser's `navigator.credentials` would, so
 * the server's verification runs for real. `origin` and `rpId` are what the "browser" claims.
 */

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (b: Buffer) => b.toString('base64url');

export interface SoftwarePasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  signCount: number;
  userHandle: string;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function cosePublicKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const map = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
  ]);
  return isoCBOR.encode(map);
}

const counter = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** A new key pair and the registration response to `options` (PublicKeyCredentialCreationOptionsJSON). */
export function register(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  origin: string,
  rpId = options.rp.id ?? new URL(origin).hostname,
) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, attested credential data
    counter(0),
    Buffer.alloc(16), // AAGUID
    idLength,
    credentialId,
    Buffer.from(cosePublicKey(publicKey)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', new Uint8Array(authData)],
    ]) as never,
  );
  const passkey: SoftwarePasskey = {
    credentialId,
    privateKey,
    publicKey,
    signCount: 0,
    userHandle: options.user.id,
  };
  const response = {
    id: b64(credentialId),
    rawId: b64(credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64(Buffer.from(attestationObject)),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/**
 * The assertion for `challenge`; the counter moves on by one unless `signCount` is given. `userVerified: false`
 * is an authenticator that only saw a touch (no PIN or biometrics).
 */
export function assert(
  passkey: SoftwarePasskey,
  challenge: string,
  origin: string,
  rpId = new URL(origin).hostname,
  signCount?: number,
  userVerified = true,
) {
  passkey.signCount = signCount ?? passkey.signCount + 1;
  const authenticatorData = Buffer.concat([
    sha256(rpId),
    Buffer.from([userVerified ? 0x01 | 0x04 : 0x01]),
    counter(passkey.signCount),
  ]);
  const clientDataJSON = clientData('webauthn.get', challenge, origin);
  const signature = sign(
    'sha256',
    Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
    passkey.privateKey,
  );
  return {
    id: b64(passkey.credentialId),
    rawId: b64(passkey.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64(clientDataJSON),
      authenticatorData: b64(authenticatorData),
      signature: b64(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
  };
}
