import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const [url] = process.argv.slice(2);
const browser = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new', '--disable-background-networking'],
});
const page = await browser.newPage();
const r = await lighthouse(
  url,
  { output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile' },
  undefined,
  page,
);
const a = r.lhr.audits;
console.log(
  'perf',
  r.lhr.categories.performance.score,
  'FCP',
  a['first-contentful-paint'].displayValue,
  'LCP',
  a['largest-contentful-paint'].displayValue,
  'TBT',
  a['total-blocking-time'].displayValue,
  'SI',
  a['speed-index'].displayValue,
);
for (const id of [
  'lcp-breakdown-insight',
  'bootup-time',
  'mainthread-work-breakdown',
  'network-dependency-tree-insight',
]) {
  const d = a[id];
  if (!d) continue;
  console.log('==', id, d.displayValue ?? '', JSON.stringify(d.details).slice(0, 1500));
}
await browser.close();
