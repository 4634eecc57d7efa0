/** The management API's success body: new-api's `{success, message, data}`. */
export function ok<T>(data?: T, message = ''): { success: true; message: string; data?: T } {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}
