import { chromium } from 'playwright-core';
import { startServer } from './support/server.mjs';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const path of process.argv.slice(2)) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__shifts.push({ v: e.value, t: Math.round(e.startTime), s: e.sources.map((s) => ({ n: s.node?.outerHTML?.slice(0, 80), p: JSON.stringify(s.previousRect), c: JSON.stringify(s.currentRect) })) });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForTimeout(4000);
    console.log(path, JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
