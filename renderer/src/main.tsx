import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// Bundled fallback fonts (SIL OFL 1.1), so a name in any script draws where the system has no font for it (issue 54);
// the browser loads a face only when a character on screen needs it (unicode-range).
import '@fontsource/noto-sans/400.css'
import '@fontsource/noto-sans/600.css'
import '@fontsource/noto-sans-hebrew/400.css'
import '@fontsource/ibm-plex-sans-arabic/400.css'
import '@fontsource-variable/noto-sans-sc/index.css'
import '@fontsource-variable/noto-sans-kr/index.css'
import '@fontsource/noto-emoji/400.css'
import './styles/theme.css'
import './styles/base.css'
import './styles/layout.css'
import './styles/components.css'
import './styles/flow.css'
import { App } from './shell/App'
import { DataProvider } from './data/DataProvider'
import { LockGate } from './shell/LockGate'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DataProvider>
      <LockGate>
        <App />
      </LockGate>
    </DataProvider>
  </StrictMode>,
)
