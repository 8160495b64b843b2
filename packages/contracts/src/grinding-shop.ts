import { z } from 'zod';
import { CreateUserSchema, UserSchema } from './auth';
import { IdParamsSchema, pageQuerySchema, pageSchema } from './common';
import { CountrySchema, SerialNumberInputSchema, SORT_DIRECTIONS } from './printing-shop';
import { defineRoute } from './route';
import { searchText, text } from './text';

// ---------------------------------------------------------------------------------------------
// Locations of a grinding shop (the spec's "grinding shops"): the same address fields as a printing
// shop's location, without the knife swap interval, which only printing shops set.

const optionalText = (max: number) => text({ max }).nullable().optional();

export const GrindingShopInputSchema = z
  .strictObject({
    name: text({ min: 1, max: 100 }),
    street: optionalText(100),
    streetNumber: optionalText(20),
    zip: text({ max: 12, pattern: { regex: /^[A-Za-z0-9 -]*$/, code: 'NO_SPECIAL_CHARACTERS' } })
      .nullable()
      .optional(),
    city: optionalText(100),
    country: CountrySchema,
  })
  .meta({ id: 'GrindingShopRequest' });
export type GrindingShopInput = z.input<typeof GrindingShopInputSchema>;

export const GrindingShopSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    street: z.string().nullable(),
    streetNumber: z.string().nullable(),
    zip: z.string().nullable(),
    city: z.string().nullable(),
    country: CountrySchema.nullable(),
    numberOfMachines: z.number().int(),
    numberOfEmployees: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'GrindingShop' });
export type GrindingShop = z.infer<typeof GrindingShopSchema>;

export const GrindingShopListQuerySchema = pageQuerySchema(20).extend({
  /** by name */
  sort_direction: z.enum(SORT_DIRECTIONS).default('ASCENDING'),
  search: searchText(100).optional(),
});

// ---------------------------------------------------------------------------------------------
// Grinding machines (knife grinders of the shop, not connected to Kerf)

export const GrindingMachineInputSchema = z
  .strictObject({
    name: text({ min: 1, max: 100 }),
    /** maker, e.g. "Vollmer" */
    manufacturer: optionalText(100),
    /** model, e.g. "CP 200" */
    designation: optionalText(100),
    serialNumber: SerialNumberInputSchema,
    grindingShopId: z.uuid(),
    /** longest knife the machine grinds, in millimetres */
    maxKnifeLength: z.number().int().min(100).max(10_000).nullable().optional(),
    active: z.boolean().optional(),
  })
  .meta({ id: 'GrindingMachineRequest' });
export type GrindingMachineInput = z.input<typeof GrindingMachineInputSchema>;

export const GrindingMachineSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    manufacturer: z.string().nullable(),
    designation: z.string().nullable(),
    serialNumber: z.string(),
    grindingShopId: z.uuid(),
    grindingShopName: z.string(),
    maxKnifeLength: z.number().int().nullable(),
    active: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'GrindingMachine' });
export type GrindingMachine = z.infer<typeof GrindingMachineSchema>;

// ---------------------------------------------------------------------------------------------
// Employees of the grinding shop: users with the locations they work at and, for grinders, the
// location they work at now (where received knives and grinding cycles are booked).

export const GrindingEmployeeSchema = UserSchema.extend({
  grindingShopIds: z.array(z.uuid()),
  currentLocationId: z.uuid().nullable(),
}).meta({ id: 'GrindingEmployee' });
export type GrindingEmployee = z.infer<typeof GrindingEmployeeSchema>;

export const CreateGrindingEmployeeSchema = CreateUserSchema.extend({
  /** the locations the employee works at; a grinder needs at least one */
  grindingShopIds: z.array(z.uuid()).max(100).default([]),
}).meta({ id: 'CreateGrindingEmployee' });
export type CreateGrindingEmployee = z.input<typeof CreateGrindingEmployeeSchema>;

export const CurrentLocationSchema = z.strictObject({ id: z.uuid() }).meta({ id: 'CurrentLocation' });

// ---------------------------------------------------------------------------------------------
// Routes (product.md §7 "Grinding-shop server")

const MODULE = 'grinding-shop' as const;
const LOCATION_ERRORS = ['service.grinding-shops.LOCATION_NOT_FOUND'] as const;
const MACHINE_ERRORS = ['service.grinding-shops.MACHINE_NOT_FOUND'] as const;

export const listGrindingShops = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/grinding-shops',
  summary: 'Locations of the grinding shop with machine and employee counts, by name (either direction)',
  access: 'grinding-locations:manage',
  query: GrindingShopListQuerySchema,
  responses: { 200: pageSchema(GrindingShopSchema).meta({ id: 'GrindingShopPage' }) },
  errors: [],
});

export const createGrindingShop = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/grinding-shops',
  summary: 'Create a location',
  access: 'grinding-locations:manage',
  body: GrindingShopInputSchema,
  responses: { 201: GrindingShopSchema },
  errors: [],
});

export const getGrindingShop = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/grinding-shops/:id',
  summary: 'One location',
  access: 'grinding-locations:manage',
  params: IdParamsSchema,
  responses: { 200: GrindingShopSchema },
  errors: LOCATION_ERRORS,
  specAddition: 'the location details page shows one location without paging through the list',
});

export const updateGrindingShop = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/grinding-shops/:id',
  summary: 'Change a location',
  access: 'grinding-locations:manage',
  params: IdParamsSchema,
  body: GrindingShopInputSchema,
  responses: { 200: GrindingShopSchema },
  errors: LOCATION_ERRORS,
});

export const deleteGrindingShop = defineRoute({
  module: MODULE,
  method: 'DELETE',
  path: '/grinding-shops/:id',
  summary:
    'Delete a location without employees or grinding machines (product.md §5); refused with who is still there',
  access: 'grinding-locations:manage',
  params: IdParamsSchema,
  responses: { 204: null },
  errors: [
    ...LOCATION_ERRORS,
    'service.grinding-shops.SHOP_HAS_USERS',
    'service.grinding-shops.SHOP_HAS_MACHINES',
  ],
});

export const listGrindingShopEmployees = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/grinding-shops/:id/user-view',
  summary: 'The employees assigned to a location',
  access: 'grinding-locations:manage',
  params: IdParamsSchema,
  responses: { 200: z.array(GrindingEmployeeSchema) },
  errors: LOCATION_ERRORS,
});

export const listGrindingShopMachines = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/grinding-shops/:id/grinding-machines',
  summary: 'The grinding machines of a location',
  access: 'grinding-locations:manage',
  params: IdParamsSchema,
  responses: { 200: z.array(GrindingMachineSchema) },
  errors: LOCATION_ERRORS,
});

export const createGrindingMachine = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/grinding-machines',
  summary: 'Add a grinding machine to a location',
  access: 'grinding-locations:manage',
  body: GrindingMachineInputSchema,
  responses: { 201: GrindingMachineSchema },
  errors: [...LOCATION_ERRORS, 'service.grinding-shops.SERIAL_NUMBER_ALREADY_USED'],
});

export const updateGrindingMachine = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/grinding-machines/:id',
  summary: 'Change a grinding machine (also moves it to another location)',
  access: 'grinding-locations:manage',
  params: IdParamsSchema,
  body: GrindingMachineInputSchema,
  responses: { 200: GrindingMachineSchema },
  errors: [...MACHINE_ERRORS, ...LOCATION_ERRORS, 'service.grinding-shops.SERIAL_NUMBER_ALREADY_USED'],
});

export const deleteGrindingMachine = defineRoute({
  module: MODULE,
  method: 'DELETE',
  path: '/grinding-machines/:id',
  summary: 'Remove a grinding machine',
  access: 'grinding-locations:manage',
  params: IdParamsSchema,
  responses: { 204: null },
  errors: MACHINE_ERRORS,
});

/**
 * product.md §7 lists `PUT, DELETE /cutting-machines/{id}` under the grinding-shop server too: a grinding
 * shop has no cutting machines, so these are the same operations on its grinding machines.
 */
export const updateGrindingShopCuttingMachine = defineRoute({
  ...updateGrindingMachine,
  path: '/cutting-machines/:id',
  summary: 'Same as PUT /grinding-machines/{id} (the path product.md §7 lists for the grinding shop)',
});

export const deleteGrindingShopCuttingMachine = defineRoute({
  ...deleteGrindingMachine,
  path: '/cutting-machines/:id',
  summary: 'Same as DELETE /grinding-machines/{id} (the path product.md §7 lists for the grinding shop)',
});

export const createGrindingEmployee = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/users',
  summary:
    'Create an employee (admin or grinder) assigned to locations; a grinder starts at the first as current location',
  access: 'users:manage',
  body: CreateGrindingEmployeeSchema,
  responses: { 201: GrindingEmployeeSchema },
  errors: [
    'authentication.USER_ALREADY_EXISTS',
    'authentication.ROLE_NOT_ASSIGNABLE',
    'service.grinding-shops.USER_HAS_NO_LOCATION',
    'service.grinding-shops.LOCATION_NOT_FOUND',
  ],
});

export const listGrindingEmployees = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/users',
  summary: 'Employees of the grinding shop with their locations and current location',
  access: 'users:read',
  query: pageQuerySchema(20).extend({ search: searchText(100).optional() }),
  responses: { 200: pageSchema(GrindingEmployeeSchema).meta({ id: 'GrindingEmployeePage' }) },
  errors: [],
  specAddition: 'the employees tab and the employee edit dialog need the locations of every employee',
});

export const setGrindingEmployeeLocations = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/users/:id/grinding-shops',
  summary: 'Assign an employee to locations (replaces the assignment)',
  access: 'users:manage',
  params: IdParamsSchema,
  body: z.strictObject({ grindingShopIds: z.array(z.uuid()).max(100) }).meta({ id: 'UserGrindingShops' }),
  responses: { 200: GrindingEmployeeSchema },
  errors: [
    'authentication.USER_NOT_FOUND',
    'authentication.ROLE_NOT_ASSIGNABLE',
    'service.grinding-shops.USER_HAS_NO_LOCATION',
    'service.grinding-shops.LOCATION_NOT_FOUND',
  ],
  specAddition: 'editing an employee changes the locations they work at, as the printing shop does',
});

export const setCurrentLocation = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/users/:id/current-location',
  summary:
    "Set the location a grinder works at now; the admin for anyone, a grinder for themselves, one of the user's locations",
  access: 'authenticated',
  params: IdParamsSchema,
  body: CurrentLocationSchema,
  responses: { 200: GrindingEmployeeSchema },
  errors: [
    'authentication.FORBIDDEN',
    'authentication.USER_NOT_FOUND',
    'service.grinding-shops.LOCATION_NOT_FOUND',
  ],
});

export const getOwnCurrentLocation = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/users/self/current-location',
  summary: 'The location the signed-in grinder works at now',
  access: 'grinding:perform',
  responses: { 200: GrindingShopSchema },
  errors: ['service.grinding-shops.USER_HAS_NO_LOCATION'],
  specAddition: 'the grinder workbench books received knives at the grinder’s current location',
});
