import { loadConfig } from '../config';
import { openDatabase } from './database';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
