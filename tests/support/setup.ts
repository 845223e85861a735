// Inversify reads decorator metadata through reflect-metadata; load it once for every test file.
import 'reflect-metadata';
