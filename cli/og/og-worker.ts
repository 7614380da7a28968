/**
 * Worker thread entry: draws social images sent by the main thread, with
 * satori and resvg loaded once per worker.
 */
import type { SocialCard } from '../../templates/og/SocialImage.js';
import { serveJobs } from '../workers/worker-pool.js';
import { createCardRenderer } from './render-social-image.js';
import type { SocialLogoSource } from './social-logo.js';

serveJobs<SocialLogoSource | undefined, SocialCard, Uint8Array>(async (logo) => createCardRenderer(logo));
