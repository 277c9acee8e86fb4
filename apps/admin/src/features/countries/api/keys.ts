// Query keys of the igeo countries and their entries: a change to one often shows in the other's list.
export const countryKeys = {
  all: ['igeo-countries'] as const,
  list: (olympiadId: number | undefined) => [...countryKeys.all, 'list', olympiadId ?? 'every'] as const,
};

export const countryEntryKeys = {
  all: ['igeo-country-participants'] as const,
  list: (olympiadId: number | undefined) => [...countryEntryKeys.all, 'list', olympiadId ?? 'every'] as const,
};
