// Without zod: the photo manager shows these on the profile page, whose first load must not carry the schemas.
export const freePhotoLimit = 3;
export const premiumPhotoLimit = 25;
export const maxPhotoBytes = 10 * 1024 * 1024;
