import { createStore } from 'jotai';

/**
 * The one jotai store of the app. Non-React code (the API client, the realtime socket) writes
 * to it directly, so it is created here and handed to the Provider in main.tsx.
 */
export const store = createStore();
