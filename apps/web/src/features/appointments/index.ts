// The face of features/appointments: the toasts of bookings made while the owner is elsewhere.
// The Citas page is loaded lazily by app/router.tsx, not from here.
export { useBookingToasts } from './use-booking-toasts.ts';
export { formatInZone } from './calendar-model.ts';
