import { expect, type Locator } from '@playwright/test'

/** The payout form's destination picker (a searchable combobox). */
export const destinationPicker = (form: Locator) => form.getByRole('combobox', { name: 'To destination' })

/**
 * Chooses a destination as a person does: types part of its address, then clicks the match holding its name and
 * address. `choice` is "Name · address", as the picker's field shows the chosen one.
 */
export async function chooseDestination(form: Locator, choice: string): Promise<void> {
  const at = choice.lastIndexOf(' · ')
  const [name, address] = [choice.slice(0, at), choice.slice(at + 3)]
  const picker = destinationPicker(form)
  await picker.fill(address.slice(-10))
  await form
    .getByRole('listbox')
    .getByRole('option')
    .filter({ hasText: name })
    .filter({ hasText: address })
    .first()
    .click()
  await expect(picker).toHaveValue(choice)
}

/** The addresses the picker offers, all of them. */
export async function offeredAddresses(form: Locator): Promise<string[]> {
  await destinationPicker(form).click()
  const addresses = await form.getByRole('listbox').getByRole('option').locator('.picker-address').allTextContents()
  await destinationPicker(form).press('Escape')
  return addresses
}
