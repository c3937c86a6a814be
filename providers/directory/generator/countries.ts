// Where generated companies and people are: countries by weight, and phone numbers that fit them.
import { weights, type Rng } from './random.ts';

export const COUNTRIES = weights([
  ['US', 34],
  ['GB', 10],
  ['DE', 8],
  ['FR', 6],
  ['CA', 6],
  ['IN', 6],
  ['NL', 4],
  ['AU', 4],
  ['ES', 4],
  ['SE', 3],
  ['IT', 3],
  ['BR', 3],
  ['IE', 2],
  ['CH', 2],
  ['SG', 2],
  ['JP', 2],
  ['DK', 1],
  ['PL', 1],
] as const);

/** Country calling code and national number length, for E.164 numbers. */
export const PHONE_PLANS: Record<string, readonly [string, number]> = {
  US: ['1', 10],
  CA: ['1', 10],
  GB: ['44', 10],
  DE: ['49', 10],
  FR: ['33', 9],
  IN: ['91', 10],
  NL: ['31', 9],
  AU: ['61', 9],
  ES: ['34', 9],
  SE: ['46', 9],
  IT: ['39', 10],
  BR: ['55', 11],
  IE: ['353', 9],
  CH: ['41', 9],
  SG: ['65', 8],
  JP: ['81', 10],
  DK: ['45', 8],
  PL: ['48', 9],
};

export function phoneNumber(rng: Rng, countryCode: string): string {
  const [callingCode, length] = PHONE_PLANS[countryCode] ?? PHONE_PLANS.US;
  if (callingCode === '1') {
    // North American numbers in the 555-01xx range reserved for fiction.
    return `+1${rng.int(201, 989)}55501${String(rng.int(0, 99)).padStart(2, '0')}`;
  }
  let digits = String(rng.int(1, 9));
  while (digits.length < length) digits += String(rng.int(0, 9));
  return `+${callingCode}${digits}`;
}
