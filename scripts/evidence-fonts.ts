/**
 * Makes the evidence report's CJK fonts: subsets of Noto Sans CJK (SIL Open Font License 1.1) holding the
 * characters of the report's own words in Chinese, Japanese and Korean (apps/server/src/modules/organisations/
 * evidence/strings.ts), plus ASCII. The whole fonts are 16 MB each, over the repository's 1 MB per file.
 * Run it after changing those words; it needs the Debian packages fonts-noto-cjk and python3-fonttools:
 *
 *   node scripts/evidence-fonts.ts
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { EVIDENCE_STRINGS } from '../apps/server/src/modules/organisations/evidence/strings.ts';

const SOURCE = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const OUT = join(import.meta.dirname, '../apps/server/src/modules/organisations/evidence/fonts');
// The face of the collection for each language (0 JP, 1 KR, 2 SC).
const FACES = [
  { language: 'ja', number: 0, file: 'NotoSansCJKjp-Evidence.otf' },
  { language: 'ko', number: 1, file: 'NotoSansCJKkr-Evidence.otf' },
  { language: 'zh_Hans', number: 2, file: 'NotoSansCJKsc-Evidence.otf' },
] as const;

const wordsOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.values(value as object)
        .map(wordsOf)
        .join('');

for (const face of FACES) {
  const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
  const text = [...new Set(`${wordsOf(EVIDENCE_STRINGS[face.language])}${ascii}，、：`)].join('');
  const run = spawnSync(
    '/usr/bin/python3',
    [
      '-m',
      'fontTools.subset',
      SOURCE,
      `--font-number=${face.number}`,
      `--text=${text}`,
      '--layout-features=*',
      '--name-IDs=*',
      '--notdef-outline',
      `--output-file=${join(OUT, face.file)}`,
    ],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
  console.log(`${face.file}: ${[...text].length} characters`);
}
