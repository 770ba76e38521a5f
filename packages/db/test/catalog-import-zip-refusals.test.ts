import { CATALOG_IMPORT_ZIP_LIMITS } from '@trackwell/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStsZip } from '../src/catalog-import/index.ts';
import { buildZip, deflatedZeros } from '../src/testing.ts';

/**
 * A batch: a ZIP of NISO STS files read into one import, with an outcome per file. The archives are built
 * here (testing-zip.ts) from small generated STS files without a DOCTYPE, and the committed archive of real public
 * files (fixtures/sts/public, SOURCES.md) is read whole, one outcome per file. Each bad input refuses with
 * its reason and yields no row to apply.
 */

import { stdMeta, stsFile } from './zip-batch-files.ts';

describe('a ZIP batch refuses bad archives, with the reason', () => {
  let zeros: ReturnType<typeof deflatedZeros> | undefined;
  /** 200 MB of zeros, deflated to about 200 KB: a zip bomb's payload (built once). */
  const bombPayload = () => {
    zeros ??= deflatedZeros(200 * 1024 * 1024);
    return zeros;
  };
  const refusedWith = async (zip: Uint8Array, reason: RegExp, limits = {}) => {
    const batch = await parseStsZip(zip, { limits });
    expect(batch.complete).toBe(false);
    expect(batch.rows).toEqual([]);
    expect(batch.errors).toHaveLength(1);
    expect(batch.errors[0]!.reason).toMatch(reason);
    return batch;
  };

  it('a zip bomb (200 MB of zeros in 200 KB) is stopped at the per-file limit', async () => {
    const zeros = bombPayload();
    expect(zeros.bytes.length).toBeLessThan(400 * 1024);
    const batch = await refusedWith(
      buildZip([{ name: 'bomb.xml', deflated: zeros }]),
      /bomb\.xml inflates to more than 33,554,432 bytes, the limit for one file/,
    );
    expect(batch.errors[0]!.file).toBe('bomb.xml');
    expect(batch.files).toEqual([expect.objectContaining({ file: 'bomb.xml', outcome: 'refused' })]);
  });

  it('a zip bomb whose headers declare a tiny size is stopped: the inflated bytes are counted, not the header', async () => {
    const zeros = bombPayload();
    await refusedWith(
      buildZip([{ name: 'small.xml', deflated: zeros, declaredSize: 2_000 }]),
      /small\.xml inflates to more than the 2,000 bytes its header declares/,
    );
    // Declaring nearly 4 GB instead (so the header's check lets it through): the count stops it.
    await refusedWith(
      buildZip([{ name: 'large.xml', deflated: zeros, declaredSize: 0xfffffffe }]),
      /large\.xml inflates to more than 33,554,432 bytes, the limit for one file/,
    );
  });

  it('files each under the per-file limit are stopped when together they pass the total', async () => {
    const data = Buffer.concat([stsFile(stdMeta(1)), Buffer.alloc(900 * 1024, ' ')]);
    const zip = buildZip(Array.from({ length: 5 }, (_, i) => ({ name: `part${i}.xml`, data })));
    await refusedWith(zip, /the batch inflates to more than 3,145,728 bytes.*\(passed in part3\.xml\)/, {
      fileBytes: 1024 * 1024,
      totalBytes: 3 * 1024 * 1024,
    });
  });

  it('100,000 tiny entries are refused by the entry limit before any is read', async () => {
    const zip = buildZip(
      Array.from({ length: 100_000 }, (_, i) => ({
        name: `f${i}.xml`,
        data: Buffer.from('<a/>'),
        method: 0,
      })),
    );
    const batch = await refusedWith(zip, /the archive has 100,000 entries; a batch takes at most 20,000/);
    expect(batch.files).toEqual([]);
    expect(CATALOG_IMPORT_ZIP_LIMITS.entries).toBe(20_000);
  });

  it('a truncated archive and bytes that are no archive are refused as unreadable', async () => {
    const zip = buildZip([
      { name: 'a.xml', data: stsFile(stdMeta(1)) },
      { name: 'b.xml', data: stsFile(stdMeta(2)) },
    ]);
    await refusedWith(zip.subarray(0, zip.length - 30), /not a readable ZIP archive/);
    await refusedWith(Buffer.from('<std-meta/>'), /not a readable ZIP archive/);
    await refusedWith(new Uint8Array(), /not a readable ZIP archive/);
  });

  it('damaged compressed data or a wrong CRC-32 refuses the batch', async () => {
    const data = stsFile(stdMeta(1), stdMeta(2), stdMeta(3));
    await refusedWith(
      buildZip([{ name: 'a.xml', data, crc: 12345 }]),
      /a\.xml is corrupt: its bytes do not match the CRC-32/,
    );
    const zip = buildZip([{ name: 'a.xml', data }]);
    const damaged = Buffer.from(zip);
    damaged.fill(0xff, 40, 60); // inside the deflated data, after the local header and name
    await refusedWith(damaged, /a\.xml (cannot be inflated|is corrupt|inflates to)/);
  });

  it('an encrypted entry or an unknown compression method refuses the batch', async () => {
    const data = stsFile(stdMeta(1));
    await refusedWith(
      buildZip([{ name: 'secret.xml', data, flags: 0x1 }]),
      /secret\.xml is encrypted: encrypted entries are not read/,
    );
    await refusedWith(
      buildZip([{ name: 'lzma.xml', data, method: 14 }]),
      /lzma\.xml is compressed with method 14: only stored and deflated entries are read/,
    );
  });

  it('a file of 32 MB of characters XML does not allow is refused, the parser stopped soon after the first', async () => {
    const zip = buildZip([{ name: 'nul.xml', deflated: deflatedZeros(32 * 1024 * 1024) }]);
    const batch = await parseStsZip(zip);
    expect(batch.files).toEqual([
      expect.objectContaining({
        file: 'nul.xml',
        outcome: 'refused',
        reason: expect.stringMatching(/^malformed XML/),
      }),
    ]);
  });

  it('malformed XML inside refuses that file with its reason; the others are read; the batch is incomplete', async () => {
    const batch = await parseStsZip(
      buildZip([
        { name: 'good.xml', data: stsFile(stdMeta(1)) },
        { name: 'broken.xml', data: Buffer.from('<standards><std-meta><title-wrap></standards>') },
      ]),
    );
    expect(batch.complete).toBe(false);
    expect(batch.rows.filter((r) => r.value.kind === 'standard').map((r) => r.file)).toEqual(['good.xml']);
    expect(batch.errors).toEqual([
      expect.objectContaining({ file: 'broken.xml', reason: expect.stringMatching(/^malformed XML/) }),
    ]);
    expect(batch.files).toEqual([
      { file: 'good.xml', outcome: 'read', standards: 1, errors: 0 },
      expect.objectContaining({
        file: 'broken.xml',
        outcome: 'refused',
        reason: expect.stringMatching(/^malformed XML/),
      }),
    ]);
  });

  it('a file with a wrong encoding declaration is refused with the declared encoding named', async () => {
    const latin1 = (declared: string, text: string) =>
      Buffer.from(`<?xml version="1.0" encoding="${declared}"?><standards>${text}</standards>`, 'latin1');
    const batch = await parseStsZip(
      buildZip([
        { name: 'good.xml', data: stsFile(stdMeta(1)) },
        // windows-1252's dash (0x97) under an ISO-8859-1 declaration: a C1 control character there.
        { name: 'cp1252.xml', data: latin1('ISO-8859-1', stdMeta(2, { title: 'Safety \u0097 Part 1' })) },
        { name: 'latin1.xml', data: latin1('UTF-8', stdMeta(3, { title: 'Sécurité' })) },
        { name: 'sjis.xml', data: latin1('Shift_JIS', stdMeta(4)) },
      ]),
    );
    expect(batch.complete).toBe(false);
    expect(batch.files.map((f) => [f.file, f.outcome, f.reason])).toEqual([
      ['good.xml', 'read', undefined],
      [
        'cp1252.xml',
        'refused',
        expect.stringMatching(/^declares encoding ISO-8859-1 but its bytes are not ISO-8859-1/),
      ],
      ['latin1.xml', 'refused', 'declares encoding UTF-8 but its bytes are not UTF-8'],
      ['sjis.xml', 'refused', expect.stringMatching(/^declares encoding Shift_JIS, which is not read/)],
    ]);
    expect(batch.errors.map((e) => e.file)).toEqual(['cp1252.xml', 'latin1.xml', 'sjis.xml']);
  });

  it('random bytes and damaged archives never throw: each is read or refused with a reason', async () => {
    const valid = buildZip([
      { name: 'a.xml', data: stsFile(stdMeta(1), stdMeta(2)) },
      { name: 'b.xml', data: stsFile(stdMeta(3)), method: 0 },
      { name: 'c.txt', data: Buffer.from('x') },
    ]);
    const damage = fc
      .array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), {
        minLength: 1,
        maxLength: 8,
      })
      .map((edits) => {
        const copy = Buffer.from(valid);
        for (const [at, byte] of edits) copy[at] = byte;
        return copy;
      });
    const truncated = fc.nat({ max: valid.length }).map((n) => valid.subarray(0, n));
    const noise = fc.uint8Array({ maxLength: 2048 });
    await fc.assert(
      fc.asyncProperty(fc.oneof(damage, truncated, noise), async (bytes) => {
        const batch = await parseStsZip(bytes);
        expect(batch.complete || batch.errors.length > 0).toBe(true);
        for (const e of batch.errors) expect(e.reason.length).toBeGreaterThan(0);
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });
});
