import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './styles/theme.css'
import './styles/base.css'
import './styles/layout.css'
import './styles/components.css'
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
