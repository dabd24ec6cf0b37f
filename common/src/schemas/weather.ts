import { z } from 'zod';

/** One Europe/Oslo calendar day of forecast, reduced from MET Locationforecast `compact`. */
export const dayForecastSchema = z.object({
  date: z.string(),
  symbolCode: z.string().nullable(),
  /** Temperature near midday (or the next hour for what is left of today). */
  temperature: z.number().nullable(),
  minTemperature: z.number().nullable(),
  maxTemperature: z.number().nullable(),
});
export type DayForecast = z.infer<typeof dayForecastSchema>;

export const weatherForecastSchema = z.object({
  organizationId: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  updatedAt: z.string(),
  /** Today, tomorrow and the day after, in that order (fewer when MET has no data for a day). */
  days: z.array(dayForecastSchema),
});
export type WeatherForecast = z.infer<typeof weatherForecastSchema>;
