/**
 * Runs once before the browser journeys: finds a Chromium or provides one (scripts/ensure-browser.ts:
 * CHROMIUM_PATH, the system Chromium, Debian's package as root, else the npm-package Chromium) and
 * hands its path to the test files as CHROMIUM_PATH, which support/browser.ts launches.
 */
import { ensureBrowser } from '../../../scripts/ensure-browser';

export default async function setup(): Promise<void> {
  try {
    process.env.CHROMIUM_PATH = await ensureBrowser();
  } catch (error) {
    // The message says what is missing and how to fix it; a stack trace would only bury it.
    if (error instanceof Error) error.stack = `${error.name}: ${error.message}`;
    throw error;
  }
}
