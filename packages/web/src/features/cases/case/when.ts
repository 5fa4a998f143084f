import { formatAthensDateTime } from '@dilosi/domain';

/** A moment of the case as the staff read it: Athens date and time. */
export const when = (iso: string) => formatAthensDateTime(new Date(iso));
