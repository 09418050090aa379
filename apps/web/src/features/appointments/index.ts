// The face of features/appointments: the toasts of bookings made while the owner is elsewhere.
// The Citas page is loaded lazily by app/router.tsx, not from here.
export { useBookingToasts } from './use-booking-toasts.ts';
export { formatInZone } from './calendar-model.ts';
// The inbox's contact pane: a contact's next appointments, and the booking dialog (downloaded when opened).
export { useContactAppointments } from './api/use-appointments.ts';
export type { BookingContact } from './components/book-dialog.tsx';
export const loadBookDialog = () => import('./components/book-dialog.tsx');
