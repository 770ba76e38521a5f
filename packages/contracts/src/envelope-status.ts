/** spec §9: the response success code is the string '200' (a module without Zod, for the first screen). */
export const SUCCESS_STATUS = '200';
