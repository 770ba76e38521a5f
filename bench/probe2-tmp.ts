import puppeteer from 'puppeteer-core';
const url = process.argv[2]!;
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.setViewport({ width: 360, height: 740 });
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 600)));
page.on('pageerror', (e) => console.log('pageerror', String(e).slice(0, 600)));
await page.evaluateOnNewDocument(() => {
  document.addEventListener('DOMContentLoaded', () => { const h = document.querySelector('h1') as any; if (h) h.mark = 1; });
});
await page.goto(url, { waitUntil: 'networkidle0' });
await new Promise((r) => setTimeout(r, 2000));
console.log('same h1:', await page.evaluate(() => (document.querySelector('h1') as any)?.mark), await page.$eval('input[name=username]', (i) => i.id));
await browser.close();
