/** Answers of the locations module (locations and their rooms). */
import { z } from 'zod';

export const locationSettingsSchema = z.object({
  color: z.string().optional(),
  subscribed: z.boolean().optional(),
  cardCoverImages: z.boolean().optional(),
});
export type LocationSettings = z.infer<typeof locationSettingsSchema>;

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  settings: locationSettingsSchema,
  itemCount: z.number(),
  roomCount: z.number(),
  /** Who added it (null: before this was recorded, the trustee's); creators change only their own. */
  createdBy: z.string().nullable().optional(),
});
export type Location = z.infer<typeof locationSchema>;

export const roomSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  position: z.number(),
  itemCount: z.number(),
  /** Who added it (null: before this was recorded, the trustee's); creators change only their own. */
  createdBy: z.string().nullable().optional(),
});
export type Room = z.infer<typeof roomSchema>;

export const locationsAnswer = z.object({ locations: z.array(locationSchema) });
export type LocationsAnswer = z.infer<typeof locationsAnswer>;
export const locationAnswer = z.object({ location: locationSchema });
export type LocationAnswer = z.infer<typeof locationAnswer>;
export const roomsAnswer = z.object({ rooms: z.array(roomSchema) });
export type RoomsAnswer = z.infer<typeof roomsAnswer>;
export const roomAnswer = z.object({ room: roomSchema });
export type RoomAnswer = z.infer<typeof roomAnswer>;
