import { create } from 'zustand'

/**
 * Where notices show: the slot under the open screen's header (components/ScreenHead), so a notice arriving never
 * moves the page title under the pointer; none while a screen without one is open (then at the top of the content).
 */
export const useNoticeSlot = create<{ el: HTMLElement | null }>(() => ({ el: null }))
