import { chromium } from "@playwright/test";
const [,, url, out, w = "1280", h = "900", js = "1"] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) }, javaScriptEnabled: js === "1" });
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: false });
console.log(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth));
await browser.close();
