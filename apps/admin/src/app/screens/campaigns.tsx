// Campaigns (overlord): /overlord/campaigns.
export { CampaignsScreen as default } from '../../features/email/components/campaigns-screen';
