// What `swb doctor` loads (package export `@switchboard/server/doctor`): reading a database as the server would,
// without the rest of the server.
export { doctorReport, type DoctorReport, type TableReport } from './db/newapi/report.js';
export { databaseTarget } from './config-newapi.js';
export { ConfigError } from './config-env.js';
