import { randomBytes } from 'node:crypto'

/** A destination file as a spreadsheet writes it: `rows` companies on ethereum-sepolia with fresh random addresses. */
export function destinationCsv(rows: number, tag = randomBytes(2).toString('hex')): string {
  const lines = ['network,address,counterparty_type,company_name,wallet_type,country,label']
  for (let i = 1; i <= rows; i++)
    lines.push(
      `ethereum-sepolia,0x${randomBytes(20).toString('hex')},company,Payee ${tag} ${i},unhosted,DE,Import ${tag} ${i}`,
    )
  return lines.join('\r\n') + '\r\n'
}
