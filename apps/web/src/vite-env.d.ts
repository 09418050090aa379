/// <reference types="vite/client" />

/** Changes on every build; added to locale file URLs so browsers fetch fresh copies. */
declare const __BUILD_ID__: string;
