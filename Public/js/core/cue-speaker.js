export class CueSpeaker { spoken(){return null;} }
