// The face of features/products: nothing of it is used elsewhere yet. Its page is loaded lazily by
// app/router.tsx, not from here.
export {};
