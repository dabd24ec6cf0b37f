/** Midnight of the current day in the product's time zone (Europe/Oslo), as an instant. */
export declare const startOfToday: (now: Date) => Date;
/** Midnight `days` days after today's midnight, in Europe/Oslo (so DST changes keep it at 00:00). */
export declare const midnightInDays: (now: Date, days: number) => Date;
/** The end of the day one year from today: the latest date the banner date pickers allow. */
export declare const endOfDayInOneYear: (now: Date) => Date;
