import { portalHeader } from '@charla/shared';
document.title = portalHeader;
