/// <reference types="vite/client" />

declare const __LAVABO_ADAPTERS__: 'http' | 'fake';
