/** spec §9: the response success code is the string '200' (a module without Zod: issue 12 §1). */
export const SUCCESS_STATUS = '200';
