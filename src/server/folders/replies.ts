/** What the folder routes (and routes that take a folder id) answer for a folder one cannot have. */
export const FOLDER_NOT_FOUND = 'Folder not found';
