// The face of features/account: nothing of it is used elsewhere yet. Its page is loaded lazily by
// app/router.tsx, not from here.
export {};
