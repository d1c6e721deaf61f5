/** A device in plain words, in the reader's language, from a browser's User-Agent (issue 31). */
import { describeDevice, type DeviceKind } from '@estate/domain/devices';

type T = (key: string, options?: Record<string, unknown>) => string;

export function deviceText(userAgent: string, t: T): string {
  const { browser, system } = describeDevice(userAgent);
  if (browser && system) return t('sessions:device.browserOn', { browser, system });
  return browser ?? system ?? t('sessions:device.unknown');
}

export function deviceKind(userAgent: string): DeviceKind | undefined {
  return describeDevice(userAgent).kind;
}
