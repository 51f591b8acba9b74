import Big from 'big.js'

/** big.js without exponent notation, so every amount prints as a plain decimal string. */
export const Dec = Big()
Dec.NE = -1e6
Dec.PE = 1e6

export function add(a: string, b: string): string {
  return new Dec(a).plus(b).toString()
}

export function sub(a: string, b: string): string {
  return new Dec(a).minus(b).toString()
}

export function gt(a: string, b: string): boolean {
  return new Dec(a).gt(b)
}

export function usd(amount: string, price: number): number {
  return Math.round(Number(amount) * price * 100) / 100
}
